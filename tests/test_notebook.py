"""The example notebook (examples/canaldsl-from-python.ipynb) runs from start to end.

nbclient executes it in a Python kernel (ipykernel) started from this interpreter: every cell
must run without error, and the cells' own assertions (the verdict's rule id) must hold. Marked
slow (a kernel starts): it runs in the full suite."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "examples" / "canaldsl-from-python.ipynb"


@pytest.mark.slow  # a kernel starts: about 3 s
def test_the_example_notebook_runs() -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    shown = [o for o in outputs if o.output_type == "execute_result"]
    assert any("<svg" in o.data.get("text/html", "") for o in shown)  # the result, drawn
    text = "\n".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "1 black illegal ('build.consecutive-tiles',) line 29" in text
    assert "<CheckResult <string>: error, 1 error>" in text
