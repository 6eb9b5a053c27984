"""Canal Grande (Alan R. Moon and Aaron Weissblum, Adlung): the two-player card game of "I
split, you choose" and of votes over the six districts of Venice.

Layers, each importing only those before it: the model (:mod:`.cards`, :mod:`.bag`,
:mod:`.knowledge`, :mod:`.position`, :mod:`.turn`), the rules (:mod:`.rulebook`, the
``checks_*`` modules, :mod:`.effects`, :mod:`.sentences`), the engine (:mod:`.votes`,
:mod:`.actions`, :mod:`.engine`, :mod:`.game`), the solvers (``solve_*``) and the
pictures (:mod:`.picture`). The language and the command line are not here yet.
"""
