"""The page of ``canaldsl serve``: a local web server showing a file's text, its verdict, its
position drawn and the solver's answers, for any game.

Game-independent. The layers inside, each importing only the ones before it:

- :mod:`canaldsl.web.views`: what the page shows, as JSON-ready values, computed from the
  game's hooks (:class:`canaldsl.games.Game`, ``page_*``); no web library needed;
- :mod:`canaldsl.web.workers`: a fixed pool of worker processes with a bounded queue (a full
  queue is refused at once: "busy, try again");
- :mod:`canaldsl.web.app`: the Starlette application (routes, limits, security headers);
- :mod:`canaldsl.web.serve`: the ``canaldsl serve`` command (uvicorn on 127.0.0.1).

Starlette and uvicorn are the optional extra ``canaldsl[web]``; nothing else in canaldsl
imports this package.
"""
