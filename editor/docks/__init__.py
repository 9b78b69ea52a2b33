"""Dock panels: problems, overlays and the scenario set-up."""
