"""What every room of puzzleplan uses: the error family, reading and writing files, limits on a run, child
processes and progress."""
