"""``python -m canaldsl``: the same as the ``canaldsl`` command."""

from canaldsl.cli import main

main()
