from tulipgames.cli import main

raise SystemExit(main())
