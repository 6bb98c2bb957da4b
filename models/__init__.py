"""models: the shipped weights, the synthetic generator, and the tools that train and check them."""

PICKLE_WARNING = ("Checkpoints (.pt) are Python pickles: loading one runs whatever code its maker put in it. "
                  "Give this tool only checkpoints you made or trust as you would a program.")
