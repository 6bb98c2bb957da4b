import sys

from pelituomari.cli import main

sys.exit(main())
