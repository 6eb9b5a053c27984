"""A whole game of Canal Grande as plain data: Anna and Bruno from the set-up to Bruno's win.

Made once by ``generator.simulate_game(35)`` (random but legal choices, the action deck in a
known order) and kept here as data, so the replay test does not depend on the generator.
Nine turns, two round ends, spies, traitors and ten votes (gondola reinforcements among them).
Steps get their lines from ``generator.number_steps`` when the test reads them.
"""

from __future__ import annotations

from typing import Any

WINNER = "Bruno"

START: dict[str, Any] = {
    "players": [
        {
            "name": "Anna",
            "hand": {"known": ["Cannaregio", "Cannaregio", "Castello", "San Polo"], "unknown": 0},
            "numbers": [],
            "total": 0,
            "prizes": [],
            "doges": 0,
        },
        {
            "name": "Bruno",
            "hand": {"known": ["Dorsoduro", "Dorsoduro", "San Marco", "Santa Croce"], "unknown": 0},
            "numbers": [],
            "total": 0,
            "prizes": [],
            "doges": 0,
        },
    ],
    "splitter": 0,
    "deck": {
        "order": [
            "doge",
            "San Marco",
            "traitor",
            "gondola",
            "Santa Croce",
            "Santa Croce",
            "Castello",
            "San Marco",
            "traitor",
            "San Polo",
            "San Marco",
            "traitor",
            "gondola",
            "spy",
            "Castello",
            "Dorsoduro",
            "spy",
            "Dorsoduro",
            "gondola",
            "traitor",
            "spy",
            "gondola",
            "traitor",
            "Santa Croce",
            "Cannaregio",
            "Dorsoduro",
            "San Polo",
            "doge",
            "San Marco",
            "Castello",
            "doge",
            "traitor",
            "Cannaregio",
            "doge",
            "gondola",
            "Castello",
            "doge",
            "gondola",
            "Cannaregio",
            "San Polo",
            "San Polo",
            "doge",
            "traitor",
            "Santa Croce",
        ]
    },
    "number_deck": {"order": [3, 2, 3, 1, 1, 1, 2, 1, 1, 3, 2, 2, 2, 3]},
    "discards": {"contents": []},
    "number_cards": [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3],
}

TURNS: list[dict[str, Any]] = [
    {
        "splitter": "Anna",
        "split": {
            "offers": [
                {"actions": ["doge", "traitor"], "numbers": [3]},
                {"actions": ["Santa Croce", "San Marco", "gondola"], "numbers": [3, 2]},
            ]
        },
        "choice": {"offer": 0},
        "chooser": {
            "actions": [
                {
                    "kind": "vote",
                    "challenger": "Bruno",
                    "district": "Santa Croce",
                    "steps": [
                        {
                            "kind": "play",
                            "player": "Bruno",
                            "cards": [{"card": "Santa Croce", "count": 1}],
                        }
                    ],
                }
            ]
        },
        "splitter_actions": {"actions": []},
        "round_end": None,
    },
    {
        "splitter": None,
        "split": {
            "offers": [
                {
                    "actions": ["Castello", "San Marco", "traitor", "Santa Croce", "San Polo"],
                    "numbers": [1, 1],
                },
                {"actions": [], "numbers": [1]},
            ]
        },
        "choice": {"offer": 1},
        "chooser": {"actions": []},
        "splitter_actions": {"actions": [{"kind": "traitor", "card": "gondola"}]},
        "round_end": None,
    },
    {
        "splitter": None,
        "split": {
            "offers": [
                {"actions": ["San Marco", "spy"], "numbers": [2]},
                {"actions": ["gondola", "traitor", "Castello"], "numbers": [1, 1]},
            ]
        },
        "choice": {"offer": 1},
        "chooser": {"actions": [{"kind": "traitor", "card": "Santa Croce"}]},
        "splitter_actions": {
            "actions": [{"kind": "spy", "drawn": ["Dorsoduro", "spy"], "steals": []}]
        },
        "round_end": None,
    },
    {
        "splitter": "Bruno",
        "split": {
            "offers": [
                {"actions": ["gondola"], "numbers": [2]},
                {"actions": ["spy", "traitor", "gondola", "Dorsoduro"], "numbers": [3, 2]},
            ]
        },
        "choice": {"offer": 1},
        "chooser": {
            "actions": [
                {"kind": "spy", "drawn": ["traitor", "Santa Croce", "Cannaregio"], "steals": []},
                {"kind": "traitor", "card": "Dorsoduro"},
            ]
        },
        "splitter_actions": {"actions": []},
        "round_end": {
            "player": None,
            "drawn": ["Dorsoduro", "San Polo", "doge", "San Marco"],
            "actions": [],
        },
    },
    {
        "splitter": "Anna",
        "split": {
            "offers": [
                {"actions": ["doge"], "numbers": [1, 1]},
                {"actions": ["spy", "gondola", "traitor", "Castello"], "numbers": [1]},
            ]
        },
        "choice": {"offer": 1},
        "chooser": {
            "actions": [
                {"kind": "spy", "drawn": ["doge", "Cannaregio"], "steals": []},
                {
                    "kind": "vote",
                    "challenger": "Bruno",
                    "district": "San Marco",
                    "steps": [
                        {
                            "kind": "play",
                            "player": "Bruno",
                            "cards": [{"card": "San Marco", "count": 2}],
                        },
                        {
                            "kind": "play",
                            "player": "Anna",
                            "cards": [
                                {"card": "San Marco", "count": 2},
                                {"card": "gondola", "count": 1},
                                {"card": "Cannaregio", "count": 1},
                            ],
                        },
                        {
                            "kind": "play",
                            "player": "Bruno",
                            "cards": [
                                {"card": "gondola", "count": 1},
                                {"card": "Castello", "count": 2},
                            ],
                        },
                    ],
                },
                {"kind": "traitor", "card": "San Polo"},
            ]
        },
        "splitter_actions": {
            "actions": [
                {
                    "kind": "vote",
                    "challenger": "Anna",
                    "district": "Castello",
                    "steps": [
                        {
                            "kind": "play",
                            "player": "Anna",
                            "cards": [{"card": "Castello", "count": 1}],
                        },
                        {
                            "kind": "play",
                            "player": "Bruno",
                            "cards": [
                                {"card": "Castello", "count": 1},
                                {"card": "gondola", "count": 1},
                                {"card": "San Polo", "count": 1},
                            ],
                        },
                    ],
                }
            ]
        },
        "round_end": None,
    },
    {
        "splitter": "Bruno",
        "split": {
            "offers": [
                {"actions": ["San Polo", "doge", "gondola", "doge"], "numbers": [3, 3]},
                {"actions": ["traitor"], "numbers": [1]},
            ]
        },
        "choice": {"offer": 1},
        "chooser": {"actions": []},
        "splitter_actions": {
            "actions": [
                {
                    "kind": "vote",
                    "challenger": "Bruno",
                    "district": "San Marco",
                    "steps": [
                        {
                            "kind": "play",
                            "player": "Bruno",
                            "cards": [{"card": "San Marco", "count": 1}],
                        },
                        {"kind": "pass", "player": "Anna"},
                    ],
                },
                {
                    "kind": "vote",
                    "challenger": "Bruno",
                    "district": "Santa Croce",
                    "steps": [
                        {
                            "kind": "play",
                            "player": "Bruno",
                            "cards": [{"card": "Santa Croce", "count": 2}],
                        },
                        {"kind": "pass", "player": "Anna"},
                    ],
                },
            ]
        },
        "round_end": None,
    },
    {
        "splitter": "Anna",
        "split": {
            "offers": [
                {"actions": ["Santa Croce", "spy", "traitor", "Castello"], "numbers": [2, 2]},
                {"actions": ["traitor"], "numbers": [3]},
            ]
        },
        "choice": {"offer": 0},
        "chooser": {
            "actions": [
                {"kind": "spy", "drawn": ["doge", "spy"], "steals": []},
                {"kind": "traitor", "card": "Dorsoduro"},
                {"kind": "spy", "drawn": ["traitor", "doge", "San Polo"], "steals": []},
                {
                    "kind": "vote",
                    "challenger": "Bruno",
                    "district": "San Polo",
                    "steps": [
                        {
                            "kind": "play",
                            "player": "Bruno",
                            "cards": [{"card": "San Polo", "count": 4}],
                        },
                        {"kind": "pass", "player": "Anna"},
                    ],
                },
                {
                    "kind": "vote",
                    "challenger": "Bruno",
                    "district": "Santa Croce",
                    "steps": [
                        {
                            "kind": "play",
                            "player": "Bruno",
                            "cards": [{"card": "Santa Croce", "count": 1}],
                        },
                        {"kind": "pass", "player": "Anna"},
                    ],
                },
            ]
        },
        "splitter_actions": {"actions": [{"kind": "traitor", "card": None}]},
        "round_end": {
            "player": "Anna",
            "drawn": ["traitor", "Cannaregio", "traitor"],
            "actions": [
                {"kind": "traitor", "card": "Dorsoduro"},
                {"kind": "traitor", "card": "Castello"},
            ],
        },
    },
    {
        "splitter": "Bruno",
        "split": {
            "offers": [
                {"actions": ["San Marco", "Castello"], "numbers": [1, 2]},
                {"actions": ["gondola", "traitor", "doge"], "numbers": [3]},
            ]
        },
        "choice": {"offer": 1},
        "chooser": {
            "actions": [
                {
                    "kind": "vote",
                    "challenger": "Anna",
                    "district": "Cannaregio",
                    "steps": [
                        {
                            "kind": "play",
                            "player": "Anna",
                            "cards": [{"card": "Cannaregio", "count": 4}],
                        },
                        {"kind": "pass", "player": "Bruno"},
                    ],
                },
                {"kind": "traitor", "card": "gondola"},
            ]
        },
        "splitter_actions": {"actions": []},
        "round_end": None,
    },
    {
        "splitter": None,
        "split": {
            "offers": [
                {"actions": ["San Marco", "doge"], "numbers": [1]},
                {"actions": ["traitor", "doge", "spy"], "numbers": [1, 3]},
            ]
        },
        "choice": {"offer": 1},
        "chooser": {
            "actions": [
                {
                    "kind": "vote",
                    "challenger": "Bruno",
                    "district": "Cannaregio",
                    "steps": [
                        {
                            "kind": "play",
                            "player": "Bruno",
                            "cards": [{"card": "Cannaregio", "count": 1}],
                        },
                        {"kind": "pass", "player": "Anna"},
                    ],
                },
                {"kind": "traitor", "card": "Dorsoduro"},
            ]
        },
        "splitter_actions": {
            "actions": [
                {
                    "kind": "vote",
                    "challenger": "Anna",
                    "district": "Dorsoduro",
                    "steps": [
                        {
                            "kind": "play",
                            "player": "Anna",
                            "cards": [{"card": "Dorsoduro", "count": 2}],
                        },
                        {
                            "kind": "play",
                            "player": "Bruno",
                            "cards": [{"card": "Dorsoduro", "count": 3}],
                        },
                        {
                            "kind": "play",
                            "player": "Anna",
                            "cards": [
                                {"card": "gondola", "count": 1},
                                {"card": "San Marco", "count": 2},
                            ],
                        },
                        {
                            "kind": "play",
                            "player": "Bruno",
                            "cards": [
                                {"card": "gondola", "count": 1},
                                {"card": "San Marco", "count": 1},
                                {"card": "gondola", "count": 1},
                                {"card": "Castello", "count": 1},
                            ],
                        },
                        {"kind": "pass", "player": "Anna"},
                    ],
                }
            ]
        },
        "round_end": None,
    },
]
