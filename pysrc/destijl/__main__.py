"""``python -m destijl``."""

import sys

from .cli import main

sys.exit(main())
