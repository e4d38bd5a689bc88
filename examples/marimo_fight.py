"""A fight in marimo: the whole GM screen (one anywidget) through ``mo.ui.anywidget``, and one of
the course's checks beside it (a question told right or wrong).

marimo edit examples/marimo_fight.py      # or: marimo run examples/marimo_fight.py
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="bpb_widgets: a fight")


@app.cell
def _():
    import marimo as mo

    from bpb_widgets import Check, Encounter, GMScreen

    return Check, Encounter, GMScreen, mo


@app.cell
def _(mo):
    mo.md("""
    # A fight on the GM screen

    Seed 000's cast: settle the order of play (or keep it), press **Start**, then run each turn
    from the screen. Every button sends a command to the rules engine in Python, which checks it
    and sends back only what changed; the log on the screen explains each rule.
    """)
    return


@app.cell
def _(Encounter):
    enc = Encounter(seed=7)
    cast = {
        "Blueshift": dict(perception=4, agility=5, prowess=4, expertise={"dodge"}, player=True),
        "Ganyeka": dict(perception=4, agility=4, prowess=5, brawn=5, endurance=6),
        "Monolith": dict(perception=2, prowess=6, brawn=9, endurance=9, expertise={"block"}),
        "Ganyeka's henchmen": dict(group=True, endurance=4),
    }
    for name, ranks in cast.items():
        enc.add(name, **ranks)
    return (enc,)


@app.cell
def _(GMScreen, enc, mo):
    screen = mo.ui.anywidget(GMScreen(enc))
    screen  # noqa: B018 - marimo shows a cell's last expression
    return (screen,)


@app.cell
def _(Check, mo):
    question = mo.ui.anywidget(
        Check.choice(
            "Ganyeka attacks Monolith outside Monolith's turn, and Monolith blocks. What does the "
            "block cost him?",
            ["his next available turn", "nothing", "his turn in the next round, always"],
            answer="his next available turn",
            why="A block outside one's own turn is a forced action: it costs the next available "
            "turn, this round's if it is still to come.",
            wrong={
                "nothing": "Only on his own turn is a block free of cost (his task action).",
                "his turn in the next round, always": "This round's turn, if still to come, goes "
                "first.",
            },
            hint="Whose turn is it when he blocks?",
        )
    )
    question  # noqa: B018 - marimo shows a cell's last expression
    return (question,)


if __name__ == "__main__":
    app.run()
