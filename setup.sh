#!/usr/bin/env bash
# Create .venv and install hexfort with its test tools (quietly; repeat runs are quick).
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
    echo "hexfort needs Python 3.11 or newer; set PYTHON=/path/to/python3.11" >&2; exit 1; }
  "$PY" -m venv .venv
fi
stamp=.venv/.hexfort-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
  touch "$stamp"
fi
