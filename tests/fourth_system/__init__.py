"""A tiny fourth game system, "pebbles", defined entirely in this folder: it shows what adding a
system takes (docs/architecture.md, "A new game system") and checks that nothing outside its
folder needs to change: a sheet, one command, one GM screen part with its renderer, no
forecast."""
