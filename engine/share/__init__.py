"""``hexfort share``: the figures of a map's web page, computed by the engine (the page is drawn in editor/)."""

from __future__ import annotations

from engine.share.page_data import page_data

__all__ = ["page_data"]
