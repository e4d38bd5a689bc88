"""The one error a GM sees: a command or roll the rules do not allow."""


class RuleError(ValueError):
    """A refused command or impossible input; the message says why in the rulebook's words.

    Raising it never changes an encounter: every command validates before it acts.
    """
