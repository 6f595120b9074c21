"""The planners behind one interface (base.Planner: solve(problem, limits) -> PlanResult): Fast Downward,
pyperplan and unified-planning engines as adapters, the bundled Graphplan, and native and puzzle-specific
searches on one search kernel; the planner table (registry) and compilation to a planner's PDDL fragment."""
