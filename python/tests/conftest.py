"""Doctests of the package run with the tests."""
