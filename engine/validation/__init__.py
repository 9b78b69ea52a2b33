"""Validation of hexfort files: problems with stable codes, and running checks over paths."""

from engine.validation.problem import Problem, Severity

__all__ = ["Problem", "Severity"]
