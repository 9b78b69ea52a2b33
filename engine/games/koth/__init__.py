"""King of the Board (rulebook 001): the state (:mod:`.state`), its pieces and one behaviour per unit."""
