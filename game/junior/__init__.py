"""« 6 qui prend Junior »: the cow-card game for children, in its three levels (RULES §4).

Glossary, French game words → names in the code:
  carte Vache → cow card (an int id, `cows.COWS[id]` its type letters)
  type de vache → cow type (letters A..F: Afrique, Allemagne, Inde, Japon, Amérique du Nord, Écosse)
  carte Rangée → row card (not stored: a row is the list of cow cards laid after it)
  rangée complète → completed row (all six types, base and avancé)
  album photo → album (the cards a player has won or taken)
  pioche → deck · main → hand · ramasser → take
  jeu de base / avancé / expert → level "base" / "avance" / "expert"

The modules are every family's parts (CONTRIBUTING.md « Architecture »); `variant` also holds the
replay's steps. French words live in game.messages.junior; the cows printed on the cards, in
game.card_faces.
"""
