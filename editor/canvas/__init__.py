"""The map canvas: the graphics view and the items it shows."""
