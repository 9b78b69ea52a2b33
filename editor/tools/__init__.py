"""Editing tools: each turns canvas gestures into undoable document edits."""
