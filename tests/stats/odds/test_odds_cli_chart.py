import json
from functools import cache

import pytest

from bot.cli import main
from stats.charts import DPI, WIDTH
from stats.charts.odds import BESIDE, REFERENCE_LABEL, SimulatedPoint, chart_curves, odds_chart
from stats.odds import odds_report
from tests.stats.chart_checks import looking, pixels

PNG = b"\x89PNG\r\n\x1a\n"


def test_json_output(capsys):
    status = main(
        [
            "odds",
            "--players",
            "22",
            "--traitors",
            "3",
            "--simulate",
            "2000",
            "--seed",
            "5",
            "--json",
        ]
    )
    assert status == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["exact"]["fraction"] == "33901/45056"
    assert payload["simulation"]["games"] == 2000
    assert len(payload["simulation"]["ci95"]) == 2


def test_text_output_and_chart(tmp_path, capsys):
    chart = tmp_path / "odds.png"
    status = main(
        [
            "odds",
            "--players",
            "12",
            "--traitors",
            "2",
            "--faithful",
            "vote-left",
            "--traitors-play",
            "collude",
            "--punish",
            "--simulate",
            "500",
            "--chart",
            str(chart),
        ]
    )
    assert status == 0
    assert "not available" in capsys.readouterr().out
    assert chart.read_bytes().startswith(PNG)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--players", "2", "--traitors", "1"], "at least 3 players"),
        (["--players", "9", "--traitors", "2", "--traitors-play", "x"], "Unknown Traitor"),
        (["--players", "9", "--traitors", "2", "--seed", "-1"], "--seed must be"),
        (["--players", "9", "--traitors", "2", "--simulate", "0"], "between 1 and"),
    ],
)
def test_bad_input_exits_two_with_one_line(capsys, args, words):
    assert main(["odds", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and words in err


def test_simulation_only_pairs_get_grey_reference_curves():
    curves = chart_curves(30, "parity", "vote-left", "random", punish=True)
    assert curves and all(c.reference and c.label == REFERENCE_LABEL for c in curves)


def test_own_curves_are_solid_and_random_voting_is_the_reference():
    random = chart_curves(30, "parity", "random", "random", punish=False)
    assert [c.label for c in random] == ["m = 1", "m = 2", "m = 3", "m = 4"]
    colluding = chart_curves(30, "parity", "random", "collude", punish=False)
    assert [c.reference for c in colluding] == [False] * 4 + [True] * 4
    assert colluding[2].win[22 - 3] > colluding[6].win[22 - 3]  # collusion helps at (22, 3)


CHARTS = {
    "exact and simulated": lambda: odds_chart(
        22, 3, simulated=odds_report(22, 3, games=4000, seed=1)
    ),
    "simulation only": lambda: odds_chart(
        12,
        2,
        faithful="vote-left",
        traitors_play="collude",
        punish=True,
        simulated=odds_report(12, 2, "vote-left", "collude", True, games=2000, seed=1),
    ),
    "several simulated points": lambda: odds_chart(
        22,
        3,
        simulated=[SimulatedPoint(22, 3, 0.75, 0.74, 0.76), SimulatedPoint(16, 3, 0.8, 0.7, 0.9)],
    ),
    "colluding Traitors": lambda: odds_chart(22, 3, traitors_play="collude"),
    "a thousand players": lambda: odds_chart(
        1000, 3, faithful="vote-left", traitors_play="collude"
    ),
    "twenty Traitors": lambda: odds_chart(200, 20, rule="majority"),
    "the smallest table": lambda: odds_chart(3, 1, simulated=odds_report(3, 1, games=500, seed=2)),
}


@cache
def drawn_chart(name: str):
    with looking() as look:
        png = CHARTS[name]()
    return png, look, look.figure.axes[0]


@pytest.mark.parametrize("name", CHARTS)
def test_chart_is_phone_sized_with_nothing_cut_off(name):
    png, look, _ = drawn_chart(name)
    assert pixels(png) == (WIDTH * DPI, 6 * DPI)
    assert look.cut_off() == []
    assert look.too_small() == []
    assert look.overlapping_ticks() == []


def test_the_simulated_rate_and_interval_sit_beside_the_star():
    _, look, axes = drawn_chart("exact and simulated")
    (star,) = [line for line in axes.lines if line.get_marker() == "*"]
    (simulated,) = axes.containers
    point = simulated.lines[0]
    star_x, star_y = axes.transData.transform(star.get_xydata()[0])
    point_x, point_y = point.get_transform().transform(point.get_xydata()[0])
    gap = (point_x - star_x) * 72 / DPI  # points
    assert gap == pytest.approx(BESIDE)
    assert gap > (star.get_markersize() + point.get_markersize()) / 2  # they do not touch
    report = odds_report(22, 3, games=4000, seed=1).simulation
    assert point_y == pytest.approx(axes.transData.transform((22, report.traitor_win_rate))[1])
    low, high = report.ci95
    bars = simulated.lines[2][0].get_segments()[0]
    bar_ys = [y for _, y in simulated.lines[2][0].get_transform().transform(bars)]
    assert bar_ys == pytest.approx([axes.transData.transform((22, v))[1] for v in (low, high)])
    title = axes.get_title(loc="left")
    assert "exact 75.2%" in title and f"simulated {report.traitor_win_rate:.1%}" in title


def test_only_the_asked_table_is_moved_beside_its_star():
    _, _, axes = drawn_chart("several simulated points")
    asked, other = (c.lines[0] for c in axes.containers)
    assert asked.get_transform() != axes.transData
    assert other.get_transform() == axes.transData


@pytest.mark.parametrize("name", ["a thousand players", "simulation only"])
def test_markers_at_0_and_1_are_not_clipped(name):
    _, _, axes = drawn_chart(name)
    box = axes.bbox
    edges = []
    for line in axes.lines:
        if line.get_marker() in ("None", None, ""):
            continue
        radius = line.get_markersize() / 2 * DPI / 72
        ys = line.get_transform().transform(line.get_xydata())[:, 1]
        assert ys.min() - radius >= box.y0 - 1 and ys.max() + radius <= box.y1 + 1
        edges += [v for v in line.get_ydata() if v in (0.0, 1.0)]
    assert edges  # some point does sit at 0% or 100%


def test_odd_and_even_tables_are_two_series_of_whole_numbers():
    _, _, axes = drawn_chart("a thousand players")
    assert axes.get_xscale() == "log"
    series = [line for line in axes.lines if line.get_marker() == "o"]
    curves = chart_curves(1004, "parity", "vote-left", "collude", False)
    assert len(series) == 2 * len(curves)
    for line in series:
        sizes = line.get_xdata()
        assert (sizes == sizes.astype(int)).all()
        assert len({int(n) % 2 for n in sizes}) == 1
    zigzag = curves[0].win[997 - 3 : 1001 - 3]  # m = 1 at n = 997..1000 swings odd to even
    assert abs(zigzag[1] - zigzag[0]) > 0.05
    assert drawn_chart("exact and simulated")[2].get_xscale() == "linear"


@pytest.mark.parametrize("name", CHARTS)
def test_the_even_chance_line_is_labelled(name):
    _, look, axes = drawn_chart(name)
    (label,) = [t for t, _ in look.texts if t.get_text() == "50%: even chance"]
    assert any(list(line.get_ydata()) == [0.5, 0.5] for line in axes.lines)
    box = look.drawn[id(label)][1]
    assert axes.bbox.x0 <= box.x0 and box.x1 <= axes.bbox.x1
    middle = axes.transData.transform((3, 0.5))[1]
    assert min(abs(box.y0 - middle), abs(box.y1 - middle)) < 6 * DPI / 72  # beside the line
