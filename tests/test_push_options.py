"""Three Sokoban push planners and one search with options: `native-push:OPTION,...` parses into the
search's options, the former names are refused with the option form that runs the same search, and a state
budget (`states=N`) stops a search after exactly N expanded positions."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.api.catalogue import push_options as listed_options
from puzzleplan.app.cli import main
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import PlanResult, Simulation, Status
from puzzleplan.planners.registry import PLANNERS, PUSH_RENAMED, PUSH_SINGLE, get_planner, split_planners
from puzzleplan.planners.sokoban_push import NEEDS, NUMBERS, OPTIONS, PushOptions, push_options
from tests.test_sokoban import SOKOBAN, level

FORMER = {
    "native-push-wastar": {"weight": 5, "bidirectional": True, "macros": True, "cycle": True},
    "native-push-cycle": {
        **{"weight": 5, "bidirectional": True, "macros": True, "clusters": True, "tunnels": True},
        **{"cycle": True, "doors": True},
    },
    "native-push-fess": {
        "weight": 5,
        "bidirectional": True,
        "macros": True,
        "clusters": True,
        "tunnels": True,
        "fess": True,
    },
    "native-push-turns": {
        **{"weight": 5, "bidirectional": True, "macros": True, "clusters": True, "tunnels": True},
        **{"fess": True, "turns": True},
    },
    "native-push-packing": {
        **{"weight": 5, "bidirectional": True, "macros": True, "clusters": True, "tunnels": True},
        **{"fess": True, "turns": True, "packing": True, "opener": True},
    },
    "native-push-fess-packing": {
        **{"weight": 5, "bidirectional": True, "macros": True, "clusters": True, "tunnels": True},
        **{"fess": True, "packing": True, "entries": True},
    },
}
"""The former planners' options as the registry held them before they became option sets."""


def test_three_push_planners_remain():
    """The push planners of the table are the optimal one, the best on one core and the portfolio."""
    assert [name for name in PLANNERS if name.startswith("native-push")] == [
        "native-push-astar",
        "native-push-best",
        "native-push-portfolio",
    ]
    assert get_planner("native-push-astar").optimal and not get_planner("native-push-best").optimal


@pytest.mark.parametrize("name", sorted(FORMER))
def test_a_former_name_is_refused_naming_the_option_form_of_the_same_search(name):
    """The message points to the option form, and that form runs the former planner's search."""
    with pytest.raises(InputError, match=f"did you mean '{PUSH_RENAMED[name]}'"):
        get_planner(name)
    assert get_planner(PUSH_RENAMED[name]).options == PushOptions(**FORMER[name])


def test_the_best_search_keeps_its_options():
    """native-push-best is the former native-push-packing with entry packing orders and goal cuts, and FESS's
    moves for its first 10,000 states."""
    single = PushOptions(**FORMER["native-push-packing"], entries=True, cuts=True)
    assert get_planner(f"native-push:{PUSH_SINGLE}").options == single
    assert get_planner("native-push-best").options == replace(single, moves=True, first=10_000)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ("wastar,fes", "did you mean 'fess'"),
        ("turns", "'turns' needs 'fess'"),
        ("cycle,doors,states=0", "positive number"),
        ("states=many", "positive number"),
        ("wastar,turns=2", "'turns' needs 'fess'"),
        ("fess,turns=0", "positive number of FESS turns"),
        ("fess,packing,cuts", "'cuts' needs 'wastar'"),
        ("wastar,weight=0", "positive number of times the bound"),
        ("wastar,weight=heavy", "positive number of times the bound"),
        ("wastar,states=", "positive number of expanded positions"),
        ("wastar,fess,first=100", "'first' needs 'moves' \\(native-push:moves,first=N\\)"),
        ("wastar,fess,moves,first", "did you mean 'first=N'"),
    ],
)
def test_bad_options_are_refused_with_what_was_expected(options, said):
    with pytest.raises(InputError, match=said):
        get_planner(f"native-push:{options}")


@settings(max_examples=60, derandomize=True)
@given(words=st.lists(st.sampled_from(sorted(OPTIONS)), unique=True))
def test_options_set_their_fields_in_any_order(words):
    """The options are a set: each sets its fields, the order they are written in does not matter."""
    words += sorted({NEEDS[word] for word in words if word in NEEDS} - set(words))
    expected = {field: value for word in words for field, value in OPTIONS[word][0].items()}
    if "incumbent" in words and not PushOptions(**expected).optimal:
        with pytest.raises(InputError, match="'incumbent' bounds A\\* only"):
            push_options(",".join(words))
        return
    assert push_options(",".join(words)) == push_options(",".join(reversed(words))) == PushOptions(**expected)


def test_list_names_every_option(capsys):
    """`list` shows the option form and each option, the numbers (states=N, turns=N, weight=N) included."""
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "native-push:OPTION,..." in out
    assert set(listed_options()) == {*OPTIONS, *(f"{key}=N" for key in NUMBERS)}
    for option in listed_options():
        assert f"    {option} " in out


def test_the_command_line_refuses_a_former_name(capsys, tmp_path):
    level = tmp_path / "one.xsb"
    level.write_text("#####\n#@$.#\n#####\n")
    assert main(["solve", "sokoban", str(level), "--planner", "native-push-fess", "--json"]) == 2
    assert (
        "(did you mean 'native-push:wastar,clusters,tunnels,fess'?)" in json.loads(capsys.readouterr().out)["message"]
    )


def microban(shared_data, label: str):
    """A Microban level from the shared data."""
    path = shared_data / "sokoban" / "microban.txt"
    return SOKOBAN.parse_level(path.read_text(), str(path), label)


def test_a_state_budget_stops_the_search_after_exactly_that_many_states(shared_data):
    """native-push-astar needs 1,086 states on Microban 80 (508 of the weighted searches that find its
    incumbent, 578 of the feature cycling below bounds that finds the optimum): with 200 it stops there, saying
    so (a timeout by states); with 1,086 it finds the same optimal plan as without a budget."""
    instance, problem = microban(shared_data, "80"), None
    problem = Simulation(SOKOBAN, instance)
    free = get_planner("native-push-astar").solve(problem, Limits(60))
    stopped = get_planner("native-push-astar:states=200").solve(problem, Limits(60))
    assert (stopped.status, stopped.expanded) == (Status.TIMEOUT, 200)
    assert stopped.message == "limit reached: states (200 expanded)"
    enough = get_planner(f"native-push-astar:states={free.expanded}").solve(problem, Limits(60))
    assert free.expanded == 1086 and enough.plan == free.plan and enough.optimal
    assert SOKOBAN.replay(instance, enough.plan).valid


def test_a_portfolio_with_a_state_budget_gives_it_to_each_member(shared_data, capsys):
    """Both members stop at their budget: the result says the states ran out, not the seconds."""
    path = shared_data / "sokoban" / "microban.txt"
    planner = "native-push-portfolio:states=30"
    assert main(["solve", "sokoban", str(path), "--level", "153", "--planner", planner, "--json"]) == 4
    report = json.loads(capsys.readouterr().out)
    assert report["expanded"] == 60 and report["message"].startswith("limit reached: states (60 expanded;")


NAMES = [
    *PLANNERS,
    *PUSH_RENAMED.values(),
    "native-push-best:states=100",
    "fd:astar(lmcut())",
    "fd:lazy_greedy([ff()], preferred=[ff()])",
    "pyperplan:astar:hmax",
    "up:symk-opt",
    "nativ-bfs",
]


@settings(max_examples=80, derandomize=True)
@given(names=st.lists(st.sampled_from(NAMES), min_size=1, max_size=5))
def test_a_planner_list_splits_back_into_its_names(names):
    """`--planners` lists: the commas of a planner's options or of a search string do not split it."""
    assert split_planners(",".join(names)) == names


def test_compare_runs_an_option_form_beside_a_table_name(tmp_path, shared_data):
    """compare --planners takes native-push:OPTION,... in a list; both plans replay."""
    level = tmp_path / "one.xsb"
    level.write_text("#######\n#@ $ .#\n#######\n")
    out = tmp_path / "out"
    planners = "native-push:wastar,cycle,native-push-astar"
    assert main(["compare", "sokoban", str(level), "--planners", planners, "--out", str(out)]) == 0
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert sorted((row["planner"], row["valid"]) for row in rows) == [
        ("native-push-astar", True),
        ("native-push:wastar,cycle", True),
    ]


@pytest.mark.parametrize(
    ("written", "turns"),
    [("wastar,weight=3", 0), ("weight=3,wastar", 0), ("wastar,fess,turns=2,turns,weight=3", 2)],
)
def test_a_number_overrides_the_plain_option_wherever_it_is_written(written, turns):
    """`weight=3` beats wastar's 5 and `turns=2` beats `turns`'s 1, before or after them."""
    options = get_planner(f"native-push:{written}").options
    assert options.weight == 3 and options.bidirectional
    assert options.turns == turns


@cache
def goal_room_runs() -> tuple[Simulation, PlanResult, PlanResult]:
    """The goal room, and native-push-best's search over single pushes on it with and without FESS's moves."""
    problem = Simulation(SOKOBAN, level("goal-room.xsb"))
    with_moves, single = (get_planner(f"native-push:{PUSH_SINGLE}{moves}") for moves in (",moves", ""))
    return problem, with_moves.solve(problem, Limits(60)), single.solve(problem, Limits(60))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(first=st.integers(1, 30), states=st.one_of(st.none(), st.integers(1, 50)))
def test_moves_for_the_first_states_then_the_search_without_them_anew(first, states):
    """With `moves,first=N` the search with FESS's moves has N expanded positions: a plan it finds in them is
    its plan; else the search over single pushes starts from the start, the states of both counting, and a
    state budget holds across the two."""
    problem, with_moves, single = goal_room_runs()
    budget = f",states={states}" if states else ""
    result = get_planner(f"native-push:{PUSH_SINGLE},moves,first={first}{budget}").solve(problem, Limits(60))
    found = with_moves if first >= with_moves.expanded else single
    needed = (found.expanded or 0) + (0 if found is with_moves else first)
    if states is not None and states < needed:
        assert (result.status, result.expanded) == (Status.TIMEOUT, states)
        assert result.message == f"limit reached: states ({states:,} expanded)"
    else:
        assert (result.plan, result.expanded) == (found.plan, needed)
        assert SOKOBAN.replay(problem.instance, result.plan).valid
