from jarvisd.cli import main

raise SystemExit(main())
