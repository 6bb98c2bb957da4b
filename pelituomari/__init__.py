"""pelituomari."""
