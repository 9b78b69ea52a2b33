"""Long runs over many items — in this process, in worker processes, or on a Dask cluster.

:mod:`engine.parallel.backends` holds the backends (results always in item
order, so output never depends on where the work ran);
:mod:`engine.parallel.dask_cluster` the optional Dask one;
:mod:`engine.parallel.options` the ``--backend`` command-line options shared by
the commands; :mod:`engine.parallel.progress` their progress bar.
"""
