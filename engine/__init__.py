"""hexfort's engine: hex geometry, map and scenario models, file formats, rules and AI.

This package never imports Qt; the editor, the command-line tools and the
simulator all build on it.
"""

__version__ = "0.1.0"
