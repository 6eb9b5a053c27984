"""``python -m canaldsl``: the same as the ``canaldsl`` command."""

from canaldsl.process import main

if __name__ == "__main__":
    main()
