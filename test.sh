#!/usr/bin/env bash
# Set up (once) and run hexfort's whole test suite. Needs Python 3.11+ as python3.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh >&2
exec .venv/bin/python -m pytest "$@"
