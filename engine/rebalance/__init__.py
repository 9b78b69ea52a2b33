"""The balance fixer (issue #20): the smallest map edits that make a map fair, each proven by games.

Layers inside (each module's docstring tells its part): :mod:`~engine.rebalance.changes`
(candidate edits as frozen values with words and hexes), :mod:`~engine.rebalance.mirror`
and :mod:`~engine.rebalance.repair` (team symmetry: mirrored pairs and repairs),
:mod:`~engine.rebalance.measures` (the validator's fairness measures side by side),
:mod:`~engine.rebalance.candidates` and each mode's own edits (:mod:`~engine.rebalance.modes`) (what to try),
:mod:`~engine.rebalance.screen` (the validator decides what may be offered),
:mod:`~engine.rebalance.evidence` (the statistics, in one place), :mod:`~engine.rebalance.play`
(games on common seeds, on any backend), :mod:`~engine.rebalance.search` (the search),
:mod:`~engine.rebalance.result` and :mod:`~engine.rebalance.report` (what it found),
:mod:`~engine.rebalance.cli` (``hexfort rebalance``). The package sits above
:mod:`engine.simulation` (a layer of its own in pyproject's contract) and never imports Qt.
"""
