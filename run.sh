#!/usr/bin/env bash
# Set up (once) and start hexfort on the bundled default map. Extra arguments go to `hexfort`.
#
# The editor's window needs some system libraries that minimal Linux installs lack (Qt's X11 plugin
# wants libxcb-icccm4, libxcb-keysyms1, ...). When any is missing, this installs them the way .ci/run
# installs Chromium — as root, with apt-get — or, without root or apt, prints the one command to run.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh >&2
case "${1:-edit}" in
  edit|play) window=1 ;;
  *) window=0 ;;
esac
if [ "$window" = 1 ] && [ "$(uname -s)" = Linux ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  missing=$(.venv/bin/python -m editor.display_check --packages 2>/dev/null || true)
  if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "installing the system libraries hexfort's window needs: $missing" >&2
      log=/tmp/hexfort-qt-libraries.log
      timeout 900 apt-get update -qq >"$log" 2>&1 || true
      # shellcheck disable=SC2086  # one word per package
      if ! DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -qq --no-install-recommends $missing \
          >>"$log" 2>&1; then
        echo "could not install them (see $log); install them with: apt-get install $missing" >&2
        exit 1
      fi
    else
      echo "hexfort's window needs system libraries this machine lacks. Install them with:" >&2
      echo "  sudo apt-get install $missing" >&2
      echo "then run ./run.sh again (hexfort validate, simulate and the other commands work without them)." >&2
      exit 1
    fi
  fi
fi
exec .venv/bin/hexfort "$@"
