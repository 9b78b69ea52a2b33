"""The map library (File ▸ Open folder…): every map of a folder with a picture, facts and problems.

Qt-free summaries (:mod:`~editor.library.summary`), a disk cache of thumbnails and
summaries (:mod:`~editor.library.cache`), a background scanner that fills rows
visible-first (:mod:`~editor.library.scanner`), the table model and its filter
(:mod:`~editor.library.model`) and the window (:mod:`~editor.library.window`).
"""
