"""« 6 qui prend Junior »: the cow-card game for children, in its three levels (RULES §4).

Glossary, French game words → names in the code:
  carte Vache → cow card (an int id, `cows.COWS[id]` its type letters)
  type de vache → cow type (letters A..F: Afrique, Allemagne, Inde, Japon, Amérique du Nord, Écosse)
  carte Rangée → row card (not stored: a row is the list of cow cards laid after it)
  rangée complète → completed row (all six types, base and avancé)
  album photo → album (the cards a player has won or taken)
  pioche → deck · main → hand · ramasser → take
  jeu de base / avancé / expert → level "base" / "avance" / "expert"

Modules: cows (cards, deck, composition), rules (state, legal moves, one move, event types), bots,
scenario (the JSON format), draw (SVG cards, rows, legend, step markup), state (the state protocol
of game/state.py, whole games), seat (« Jouer une manche »), simulate (many games), variant (the
registry entry and the replay's steps: the worker and `python -m game … --variant junior` reach
Junior through it).
French words live in game.messages.junior; the cow cards' printed faces in game.card_faces.
"""
