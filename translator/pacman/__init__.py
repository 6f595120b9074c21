"""Pac-Man food search (seed 004): CS188 layouts and autograder tests, the rules, maze distances and
consistent heuristics, and a STRIPS encoding whose plans have one action per move."""
