"""Graph algorithms over successor tables (a tuple per node of the nodes one step away), with no board in them."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["strong_regions"]


def strong_regions(succ: tuple[tuple[int, ...], ...], roots: Iterable[int]) -> list[list[int]]:
    """The strongly connected regions of the nodes reachable from ``roots`` (Tarjan's algorithm, without
    recursion): each a list of nodes, every one of which a walk can reach from every other."""
    n = len(succ)
    index = [-1] * n
    low = [0] * n
    on = bytearray(n)
    stack: list[int] = []
    regions: list[list[int]] = []
    count = 0
    for root in sorted(roots):
        if index[root] >= 0:
            continue
        index[root] = low[root] = count
        count += 1
        stack.append(root)
        on[root] = 1
        nodes, at = [root], [0]  # the depth-first path and how far along each node's successors it is
        while nodes:
            s = nodes[-1]
            nxt = succ[s]
            k = at[-1]
            if k < len(nxt):
                at[-1] = k + 1
                u = nxt[k]
                if index[u] < 0:
                    index[u] = low[u] = count
                    count += 1
                    stack.append(u)
                    on[u] = 1
                    nodes.append(u)
                    at.append(0)
                elif on[u] and index[u] < low[s]:
                    low[s] = index[u]
                continue
            nodes.pop()
            at.pop()
            if nodes and low[s] < low[nodes[-1]]:
                low[nodes[-1]] = low[s]
            if low[s] == index[s]:
                region: list[int] = []
                while True:
                    u = stack.pop()
                    on[u] = 0
                    region.append(u)
                    if u == s:
                        break
                regions.append(region)
    return regions
