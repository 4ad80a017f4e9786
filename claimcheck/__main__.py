"""``python -m claimcheck``: the command-line tool."""

from claimcheck.cli import main

if __name__ == "__main__":
    main()
