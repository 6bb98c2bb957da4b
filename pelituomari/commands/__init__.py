"""Sub-commands of the `pelituomari` CLI."""
