"""A small board written in the language, shared by the diagnostics, limits and fuzz tests."""

BOARD = """\
rules second-edition
board mini {
  map {
    | L . . ^ . B
    | . . . ^ . .
    | . . ~ ~ . .
    | . . . . . .
    | Y . . . . O
  }
  city London red marked L
  town Bath blue marked B
  town York green marked Y
  city Oxford yellow marked O
  contract LB between London and Bath value 6
  contract YO between York and Oxford value 6
  contract LY between London and York value 5
}
"""
