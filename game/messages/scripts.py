"""The words of the page scripts (site_builder/static/js), so no script holds French of its own.

The build writes them to js/mots-data.js (site_builder/tools_assets.py), which js/mots.js loads for
every script. A sentence that carries a value is a template: `{name}` is filled by the script
(js/mots.js `say`) with a number, a name or a piece the script words with the grammar below
(« de Bruno », « trois manches »). Numbers that name a row, a turn or a round are given from 1.
"""

from __future__ import annotations

from . import explore
from .blocks import example_label
from .typography import NBSP, NNBSP, VOWELS, WORDS


def _noun(one: str, many: str | None = None, *, feminine: bool = False) -> dict:
    """A noun as js/mots.js counts it: « une manche », « trois manches », « 12 manches »."""
    return {"one": one, "many": many or one + "s", "feminine": feminine}


GRAMMAR = {
    # js/mots.js count(): « aucun joueur », « une manche », « trois manches »; list(): « a et b »;
    # de(): « de Bruno », « d’Alice » (elided before a vowel or a mute h).
    "numbers": list(WORDS),
    "counted": f"{{n}}{NBSP}{{noun}}",   # « 7 têtes », « 12 manches »: digits and their noun
    "thousands": NNBSP,                  # js/mots.js grouped(): « 10 000 »
    "none": {"masculine": "aucun", "feminine": "aucune"},
    "one": {"masculine": "un", "feminine": "une"},
    "and": " et ",
    "of": "de {name}",
    "of_elided": "d’{name}",
    "vowels": VOWELS,
    "nouns": {
        "head": _noun("tête"),
        "player": _noun("joueur"),
        "round": _noun("manche", feminine=True),
        "number": _noun("nombre"),
        "first_name": _noun("prénom"),
        "setting": _noun("réglage"),
    },
    # A size in megabytes, as the engine's download is said (« 4,4 Mo »): megabytes() below.
    "megabytes": f"{{n}}{NBSP}Mo",
}

_DOWNLOADS = "télécharge d’abord le moteur de jeu (environ {size}, une seule fois)."

STEP_PLAYER = {
    # The example player and « Revoir la manche » (js/controls.js, js/example-player.js).
    # What the reader waits for while the engine starts (js/worker.js phases).
    "phases": {
        "download": "Téléchargement du moteur de jeu…",
        "start": "Démarrage…",
        "engine": "Chargement des règles…",
    },
    "bytes": "{loaded} sur {total}",
    "failed": "Le rejeu interactif n’a pas pu démarrer dans ce navigateur (trop ancien ou hors ligne)"
              f"{NBSP}: les étapes de l’exemple restent lisibles avec les boutons ci-dessus.",
    # Steps are numbered from 0 (the table before), as the static page labels them.
    "position_start": "Au départ (étape 0 sur {last})",
    "position": "Étape {k} sur {last}",
    "paused": ", la suite après le choix",
    "choice_ahead": ", un choix de rangée vous attend à l’étape {n}",
    "region": example_label("{name}"),
    "region_of": f"Exemple{NBSP}: {{heading}}",
    "region_special": f"Exemple{NBSP}: cartes spéciales, {{heading}}",
    "controls": "Commandes de lecture, {name}",
    "row": "Rangée {row}",
    "refused": "Les règles refusent cette rangée.",
    "what_if_help": "Changez les rangées de départ (cartes séparées par des espaces) ou les cartes "
                    "jouées, puis rejouez. Si une carte devient plus faible que toutes les rangées, "
                    f"le rejeu s’arrête sur elle{NBSP}: vous choisirez la rangée que son joueur "
                    "ramasse, puis les étapes suivantes s’ajouteront.",
    "play": "Tour {turn}, carte {of_player}",
    "replay": "Rejouer avec ces cartes",
    "restore": "Revenir à l’exemple",
    "replayed": "Nouvelle partie rejouée par le moteur.",
    "replayed_choice": "Nouvelle partie rejouée. À l’étape {n}, la carte {card} {of_player} est plus "
                       f"faible que toutes les rangées{NBSP}: vous choisirez la rangée ramassée, puis "
                       "la suite s’affichera.",
    "restored": "Exemple d’origine rétabli.",
    # Printed above the steps of an example changed on screen (the text around tells the original).
    "printed_changed": f"Ces étapes sont celles d’une partie changée à l’écran (une autre rangée, ou «{NBSP}Et "
                       f"si…{NNBSP}?{NBSP}»){NBSP}: le texte de l’exemple décrit la partie d’origine.",
    "fix_errors": f"Corrigez les champs signalés{NBSP}: rien n’a été changé.",
    "quiz_question": f"Où va la carte {{card}}{NNBSP}?",
    "quiz_none": f"Aucune rangée{NBSP}: le joueur choisit",
    # Where a control starts the engine, the page says what it costs first: {size} is the
    # build's figure (mots-data.js `engine_size`).
    "what_if_download": f"«{NBSP}Rejouer avec ces cartes{NBSP}» {_DOWNLOADS}",
    "choice_download": f"Un autre choix dans cet exemple modifié {_DOWNLOADS}",
    "quiz_open": "Répondez d’abord à la question (ou décochez le quiz pour avancer sans répondre).",
    "quiz_right": f"Bien vu{NNBSP}! La carte {{card}} va dans la rangée {{row}}.",
    "quiz_wrong": f"Non{NBSP}: la carte {{card}} va dans la rangée {{row}}.",
    "quiz_none_right": f"Bien vu{NNBSP}! La carte {{card}} est plus faible que toutes les "
                       f"rangées{NBSP}: son joueur choisit la rangée qu’il ramasse.",
    "quiz_none_wrong": f"Non{NBSP}: la carte {{card}} est plus faible que toutes les rangées, elle ne "
                       f"va d’elle-même dans aucune{NNBSP}; son joueur choisit la rangée qu’il ramasse.",
}

_HAND = "Votre main"

PLAY = {
    # « Jouer une manche » (js/jouer.js).
    "failed": "Le moteur du jeu n’a pas pu démarrer dans ce navigateur (trop ancien, sans "
              f"WebAssembly, ou hors ligne){NBSP}: vous pouvez toujours lire les exemples commentés.",
    "game": "La partie en cours",
    "busy": "Les robots choisissent leur carte…",
    "placing": "Les cartes du tour se posent, de la plus petite à la plus grande…",
    "hand": _HAND,
    "hand_held": f"{_HAND} ({{held}}/{{turns}}){NBSP}: {{cards}}",
    "pool": "Cartes à choisir",
    "take": "Prendre le {card}",
    "table": "La table",
    "scores": "Les scores",
    "player": "Joueur",
    "level": "Niveau",
    "round": "Manche",
    "total": "Total",
    "bga": "Décompte (Board Game Arena)",
    "bga_help": f"Décompte comme sur Board Game Arena{NBSP}: chacun part de {{target}} points et "
                "perd un point par tête de bœuf.",
    "turn_log": "Le tour, carte par carte",
    "advice": "Conseil",
    "advice_title": f"Que jouerait le robot prudent à votre place{NNBSP}?",
    "decide": "Votre décision",
    "show_all": "Tout montrer",
    "next": "Manche suivante",
    "again": "Nouvelle partie",
    "save": "Enregistrer la manche (JSON)",
    "review": "Revoir la manche étape par étape",
    "review_title": "La manche {n}, étape par étape",
    "review_nav": "Parcourir les étapes de la manche",
    "hand_hint": f"Les flèches passent d’une carte à l’autre{NNBSP}; Entrée joue la carte.",
    "choose": f"Quelle rangée ramassez-vous{NNBSP}?",
    "saved": f"Manche enregistrée{NBSP}: le fichier est dans vos téléchargements.",
    "loaded": "Manche chargée.",
    "leads_one": "{name} mène.",
    "leads_many": f"À égalité en tête{NBSP}: {{names}}.",
    "resume": "Reprendre la partie en cours",
    "explorer": "Ouvrir dans l’explorateur",
}

SCORE_SHEET = {
    # The score sheet (js/compteur.js, js/compteur-feuille.js).
    "remove": "Retirer {name}",
    "caption": "Têtes de bœuf ramassées, manche par manche",
    # The end of the game the sheet applies, under its caption (printed with it).
    "end_at": "Fin de la partie à {heads} de bœuf.",   # {heads}: « 66 têtes », « 1 tête »
    "end_beyond": "Fin de la partie au-delà de {heads} de bœuf.",
    "end_rounds": "Partie en {rounds}.",
    "round": "Manche",
    "total": "Total",
    "left": "Reste",
    "new_round": f"Manche {{n}}{NBSP}: têtes de bœuf ramassées",
    "tick": "cocher les cartes {of_player}",
    "tick_title": "Cartes ramassées par {name}",
    "save": "Ajouter la manche",
    "fresh": "Nouvelle partie (mêmes joueurs)",
    "fresh_confirm": f"Confirmer{NBSP}: effacer toutes les manches{NNBSP}?",
    "no_players": "Ajoutez au moins {players} pour commencer la feuille.",
    "leads_one": "{name} mène.",
    "leads_many": "{names} sont à égalité en tête.",
    "over_one": f"Partie terminée après {{rounds}}{NBSP}: {{name}} gagne{NNBSP}!",
    "over_many": f"Partie terminée après {{rounds}}{NBSP}: {{names}} se partagent la victoire.",
    "added": "Manche {n} ajoutée.",
    "removed": "Manche {n} supprimée.",
    "correct": "Corriger la manche {n}",
    "correcting": f"Manche {{n}}{NBSP}: correction des têtes de bœuf",
    "save_correction": "Enregistrer la correction",
    "cancel_correction": "Renoncer",
    "corrected": "Manche {n} corrigée.",
    "correction_dropped": "Manche {n} inchangée.",
    "fresh_done": f"Nouvelle partie{NBSP}: les manches sont effacées, les joueurs restent.",
    "players_fixed": f"La partie a commencé{NBSP}: pour changer de joueurs, commencez une nouvelle partie.",
    # Reader errors, next to the field.
    "not_number": f"«{NBSP}{{text}}{NBSP}» n’est pas un nombre entier{NBSP}: écrivez un nombre entier "
                  "de têtes de bœuf.",
    "negative": "Un nombre de têtes de bœuf ne peut pas être négatif.",
    "too_many": f"Impossible{NBSP}: le paquet entier ne compte que {{total}} têtes de bœuf.",
    "round_too_many": "Cette manche totalise {sum} têtes de bœuf, plus que les {total} du paquet "
                      f"entier{NBSP}: vérifiez les nombres.",
    "empty_round": "Écrivez les têtes de bœuf de la manche (un champ laissé vide compte pour 0).",
    "negative_rounds": f"Un score négatif exige les cartes spéciales{NBSP}: supprimez d’abord sa manche.",
    "not_kept": f"Ce changement aurait abîmé la feuille{NBSP}: il n’a pas été fait.",
    "empty_name": "Écrivez un prénom.",
    "long_name": "Un prénom de {max} caractères au plus, s’il vous plaît.",
    "same_name": f"{{name}} joue déjà{NBSP}: choisissez un autre prénom.",
    "too_many_players": "On joue à {n} au plus.",
    "too_many_players_specials": "On joue à {n} au plus avec les cartes spéciales.",
    "bad_target": "Le seuil est un nombre entier de 1 à {max} ({usual} dans la règle).",
    "bad_rounds": "Le nombre de manches est un entier de 1 à {max}, ou rien.",
    "no_rules": f"Le compteur n’a pas pu charger les règles du jeu{NBSP}: rechargez la page. "
                "En attendant, la feuille vierge ci-dessous s’imprime.",
    # Notices about the stored sheet.
    "unreadable": f"La feuille gardée dans ce navigateur est illisible{NBSP}: une feuille vierge est "
                  "affichée. Rien n’est effacé tant que vous n’y touchez pas.",
    "damaged": f"La feuille gardée dans ce navigateur était abîmée{NBSP}: {{parts}}.",
    "damaged_joint": f"{NNBSP}; ",
    "bad_round_stored": "une manche illisible a été mise de côté",
    "bad_rounds_stored": "{rounds} illisibles ont été mises de côté",
    "text_number": "un nombre écrit comme du texte a été relu",
    "text_numbers": "{numbers} écrits comme du texte ont été relus",
    "bad_name": "un prénom illisible a été remplacé",
    "bad_names": "{names} illisibles ont été remplacés",
    "bad_setting": "un réglage illisible a repris sa valeur habituelle",
    "bad_settings": "{settings} illisibles ont repris leur valeur habituelle",
    "restore": "Restaurer la feuille sauvegardée ({rounds})",
    "restored": "La feuille sauvegardée a été restaurée ({rounds}).",
    "other_tab": "La feuille a été mise à jour depuis un autre onglet.",
    "conflict": f"La feuille venait d’être modifiée dans un autre onglet{NBSP}: elle est maintenant à "
                "jour ici. Vérifiez-la, puis recommencez.",
    # A name the stored sheet lost, replaced (js/compteur-feuille.js); {again} from 2 on.
    "default_name": "Joueur {n}",
    "default_name_again": "Joueur {n} ({again})",
}


def words(engine_size: str | None = None) -> dict:
    """Everything js/mots-data.js holds; `engine_size` is the engine's download as the build says it
    (« 4,4 Mo », blocks.megabytes), None when the build ships no engine (no figure is said)."""
    return {"grammar": GRAMMAR, "player": STEP_PLAYER, "play": PLAY, "sheet": SCORE_SHEET,
            "engine_size": engine_size,
            "explore": {"outdated": explore.OUTDATED, "export_refused": explore.EXPORT_REFUSED}}
