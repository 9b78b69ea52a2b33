"""Map drawing with QtGui (no widgets), shared by the canvas and the exporters."""
