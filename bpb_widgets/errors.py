"""The one error a GM sees: a command or roll the rules do not allow."""


class RuleError(ValueError):
    """A refused command or impossible input; the message says why in the rulebook's words.

    Raising it never changes an encounter: every command validates before it acts.
    """


class ArgumentError(RuleError, TypeError):
    """An argument of the wrong type or shape (``grab(then=[])``), refused before anything runs.

    A ``RuleError`` like every refusal, and a ``TypeError`` too, as Python code expects of a wrong
    argument."""
