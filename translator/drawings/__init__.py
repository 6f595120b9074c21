"""One Drawing per puzzle (named by the puzzle's `drawing` attribute): how its states look, and how a picture
of a state is read back into the state."""
