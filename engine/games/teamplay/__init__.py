"""Team Play (rulebook 003) over hexfort's compact base game on hexes; see :mod:`.state`."""
