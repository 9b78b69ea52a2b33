"""AI-vs-AI batches that tell whether a map is balanced."""
