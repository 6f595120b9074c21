"""Planners behind one interface, the solve/validate pipeline, the comparison harness and the command line."""
