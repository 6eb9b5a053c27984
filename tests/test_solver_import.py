"""OR-Tools' CP-SAT is imported without pandas (canaldsl.solver.cp_model_module): 43 MB and
0.2 s a solving command does not need; a later ``import pandas`` still gets pandas, and so do
cp_model's pandas-indexed variable sets."""

from __future__ import annotations

import subprocess
import sys

PROGRAM = """
import sys
from canaldsl import solver

model = solver.new_model()
x = model.NewIntVar(0, 5, "x")
model.Maximize(x)
result = solver.solve(model)
assert result.status == solver.OPTIMAL and result.value(x) == 5, result
assert "pandas" not in sys.modules, "pandas was imported"

import pandas
from ortools.sat.python import cp_model

assert cp_model is solver.cp_model_module()
series = cp_model.CpModel().new_int_var_series("v", pandas.Index(range(3)), 0, 2)
assert isinstance(series, pandas.Series) and len(series) == 3
print("ok")
"""


def test_cp_sat_solves_without_pandas_and_pandas_still_imports() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
