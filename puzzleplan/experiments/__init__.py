"""The experiment harness: `compare` runs every planner on every instance, each solve in a child process
under hard limits; results are kept as rows, and `report` turns them into tables and plots."""
