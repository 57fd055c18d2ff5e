import sys

from jarvisd.memory.eval.runner import main

sys.exit(main())
