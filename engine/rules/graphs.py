"""Graph algorithms over successor tables (a tuple per node of the nodes one step away), with no board in them."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["strong_regions"]


def strong_regions(succ: tuple[tuple[int, ...], ...], roots: Iterable[int]) -> list[list[int]]:
    """The strongly connected regions of the states reachable from ``roots`` (Tarjan's algorithm, without
    recursion): each a list of states, every one of which a walk can reach from every other."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on: set[int] = set()
    regions: list[list[int]] = []
    for root in sorted(roots):
        if root in index:
            continue
        work = [(root, 0)]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            s, k = work[-1]
            nxt = succ[s]
            if k < len(nxt):
                work[-1] = (s, k + 1)
                u = nxt[k]
                if u not in index:
                    index[u] = low[u] = len(index)
                    stack.append(u)
                    on.add(u)
                    work.append((u, 0))
                elif u in on:
                    low[s] = min(low[s], index[u])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[s])
            if low[s] == index[s]:
                region: list[int] = []
                while True:
                    u = stack.pop()
                    on.discard(u)
                    region.append(u)
                    if u == s:
                        break
                regions.append(region)
    return regions
