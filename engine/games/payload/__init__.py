"""Payload Race (rulebook 002): two carts racing along their own tracks; see :mod:`.state`."""
