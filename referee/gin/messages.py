"""What the gin rummy referee says, by message key, in Finnish and English."""

from __future__ import annotations

from ..messages import MessageBook

MESSAGES = MessageBook("gin", {
    "unseen": ("Kamera ei nähnyt pöytää {since:.1f}–{until:.1f} s: sinä aikana tehdystä ei tuomita mitään.",
               "The camera could not see the table from {since:.1f} to {until:.1f} s: nothing done then is ruled on."),
    # ---------------------------------------------------------------- the deal and the upcard
    "hand_dealt": ("Jako {hand}: {dealer} jakoi, avokortti {upcard}; {offer} saa ottaa sen ensin. "
                   "Lopettamisraja {limit}.",
                   "Hand {hand}: {dealer} dealt, upcard {upcard}; {offer} may take it first. Knock limit {limit}."),
    "hand_dealt_eleven": ("Jako {hand}: {dealer} jakoi; {offer} aloittaa panemalla kortin pois. "
                          "Lopettamisraja {limit}.",
                          "Hand {hand}: {dealer} dealt; {offer} opens by discarding. Knock limit {limit}."),
    "redeal": ("Uusi jako ({why}): {dealer} jakaa.", "Redeal ({why}): {dealer} deals."),
    "hand_size_wrong": ("{player}: {have} korttia, pitäisi olla {want}: korjatkaa pakasta ennen kuin peli alkaa.",
                        "{player} holds {have} cards, not {want}: put it right from the stock before play begins."),
    # ---------------------------------------------------------------- turns
    "out_of_turn_draw": ("{player} otti pakasta kortin väärällä vuorolla: kortti pidetään, ja se on hänen "
                         "seuraavan vuoronsa nosto.",
                         "{player} took a stock card out of turn: it is kept, and it is their next turn's draw."),
    "discard_before_draw": ("{player} pani kortin pois ennen nostoa: saa vielä nostaa ilman rangaistusta.",
                            "{player} discarded before drawing: they may still draw, without penalty."),
    "draw_forgone": ("{player} ei nostanut ennen vastustajaa: hänellä on {count} korttia.",
                     "{player} did not draw before the opponent did: they hold {count} cards."),
    "dead_hand": ("Pakassa on enää {left} korttia eikä kukaan lopettanut: jako keskeytyy, pisteitä ei lasketa.",
                  "Only {left} cards left in the stock and nobody knocked: the hand is dead, no score."),
    "stock_seen": ("{player} näki pakan kortin: kortit käännetään näkyviin; {opponent} saa ottaa jonkin niistä, "
                   "avopakan päällimmäisen tai pakan kortin. {player} ei saa lopettaa ennen seuraavaa vuoroaan.",
                   "{player} saw a stock card: turn the cards seen face up; {opponent} may take one of them, the "
                   "pile's top or a stock card. {player} may not knock before their next turn."),
    "stock_cards_exposed": ("Pakan kortit {cards} ovat näkyvissä: {opponent} saa ottaa jonkin niistä.",
                            "Stock cards {cards} lie face up: {opponent} may take one of them."),
    "pile_looked": ("{player} katsoi avopakan alempia kortteja: ne eivät saa olla näkyvissä.",
                    "{player} looked at the cards under the pile's top: they may not be seen."),
    # ---------------------------------------------------------------- the knock
    "knocked": ("{player} lopettaa ({said}): yhdistelmät pöytään.",
                "{player} knocks ({said}): lay down the melds."),
    "knock_refused": ("{player} ei saa lopettaa tällä vuorolla (näki pakan kortin): kortti on tavallinen poisto.",
                      "{player} may not knock this turn (saw a stock card): the card is an ordinary discard."),
    "knock_unannounced": ("{player} ei ilmoittanut pistemääräänsä lopettaessaan; korteista laskettu {deadwood}.",
                          "{player} did not announce their deadwood when knocking; the cards count {deadwood}."),
    "wrong_announcement": ("{player} ilmoitti {announced}, kortit antavat {deadwood}: lasketaan {deadwood}.",
                           "{player} announced {announced}, the cards give {deadwood}: {deadwood} counts."),
    "rearranged": ("{player}: kädessä {shown} pistettä, yhdistelmiin järjestettynä {deadwood}.",
                   "{player}: {shown} points left in hand, {deadwood} with the cards arranged in melds."),
    "knock_over_limit": ("{player} lopetti {deadwood} pisteellä, raja on {limit}: peli jatkuu, {player} pelaa avoimin "
                         "kortein ja lopettaa heti, kun pisteitä on {limit} tai vähemmän.",
                         "{player} knocked with {deadwood}, the limit is {limit}: play goes on, {player} plays with "
                         "open cards and must knock as soon as the deadwood is {limit} or less."),
    "knock_due": ("{player} voi nyt lopettaa ({deadwood} pistettä): lopetettava tällä poistolla.",
                  "{player} can knock now ({deadwood} points): they must knock with this discard."),
    "knock_missed": ("{player} ei lopettanut, vaikka olisi voinut ({deadwood} pistettä): avoimin kortein pelaavan on "
                     "lopetettava heti.",
                     "{player} did not knock though they could ({deadwood} points): a player with open cards must "
                     "knock at once."),
    "knock_shown": ("{player}: {deadwood} pistettä{gin}. {defender} pöytää ja täydentää.",
                    "{player}: deadwood {deadwood}{gin}. {defender} lays down and lays off."),
    "count_mismatch": ("{player} näytti {seen} korttia, tuomari laski {counted}.",
                       "{player} showed {seen} cards; the referee counted {counted}."),
    "card_elsewhere_shown": ("{player} näytti kortit {cards}, jotka nähtiin muualla ({places}).",
                             "{player} showed {cards}, seen elsewhere ({places})."),
    "card_not_shown": ("{player} ei näyttänyt kortteja {cards}, jotka hänellä tiedettiin olevan.",
                       "{player} did not show {cards}, known to be in their hand."),
    "lay_off_refused": ("{player}: {cards} ei sovi lopettajan yhdistelmiin: lasketaan käteen.",
                        "{player}: {cards} fit no meld of the knocker's: they count in hand."),
    "no_lay_off_on_gin": ("Giniin ei täydennetä (sovittu): {cards} lasketaan pelaajan {player} käteen.",
                          "No lay-offs onto gin (as agreed): {cards} count in {player}'s hand."),
    "lay_off_missed": ("{player} olisi voinut täydentää kortit {cards} ja jäädä {deadwood} pisteeseen.",
                       "{player} could have laid off {cards}, for {deadwood} points."),
    "defender_short": ("{player}: {missing} korttia liian vähän, kun {knocker} lopetti: {knocker} saa {points} "
                       "pistettä.",
                       "{player} was {missing} card(s) short when {knocker} knocked: {knocker} scores {points}."),
    # ---------------------------------------------------------------- the score
    "scored_knock": ("Jako {hand}: {winner} voittaa, {mine} vastaan {theirs}: {points} pistettä ja {win} voitosta. "
                     "Erä: {totals}.",
                     "Hand {hand}: {winner} wins, {mine} against {theirs}: {points} points and {win} for the win. "
                     "Game: {totals}."),
    "scored_tie": ("Jako {hand}: tasapisteet {mine}: {winner} saa {win} voitosta. Erä: {totals}.",
                   "Hand {hand}: equal at {mine}: {winner} scores {win} for the win. Game: {totals}."),
    "scored_undercut": ("Jako {hand}: {winner} alittaa, {mine} vastaan {theirs}: {points} pistettä (10 lisäpistettä "
                        "mukana) ja {win} voitosta. Erä: {totals}.",
                        "Hand {hand}: {winner} undercuts, {mine} against {theirs}: {points} points (10 extra among "
                        "them) and {win} for the win. Game: {totals}."),
    "scored_gin": ("Jako {hand}: {winner} gini, vastustajalla {theirs}: {points} pistettä ja {win} voitosta. "
                   "Erä: {totals}.",
                   "Hand {hand}: {winner} goes gin, the opponent has {theirs}: {points} points and {win} for the win. "
                   "Game: {totals}."),
    "game_won": ("{player} voitti erän {game} ({totals}): pääkirjanpitoon {points}.",
                 "{player} wins game {game} ({totals}): {points} to the main ledger."),
    "paused": ("Tauko.", "Paused."),
    "resumed": ("Tauko päättyi, peli jatkuu.", "The pause is over, play on."),
    # ---------------------------------------------------------------- three players
    "scored_gin_three": ("Jako {hand}: {winner} gini, muilla {theirs}: {points} pistettä ja {win} voitosta. "
                         "Erä: {totals}.",
                         "Hand {hand}: {winner} goes gin, the others have {theirs}: {points} points and {win} for "
                         "the win. Game: {totals}."),
    "knock_shown_three": ("{player}: {deadwood} pistettä{gin}. {defender} pöytäävät ja täydentävät, "
                          "vuorojärjestyksessä.",
                          "{player}: deadwood {deadwood}{gin}. {defender} lay down and lay off, in turn."),
    "lay_off_chance": ("{player} voi vielä täydentää pelaajan {other} yhdistelmiä: kortit pöytään, tai valmis.",
                       "{player} may still lay off onto {other}'s melds: lay the cards, or say done."),
    "game_won_three": ("{player} voitti erän {game} ({totals}): pääkirjanpitoon {points}, toiseksi tulleelle "
                       "{second} {second_points}.",
                       "{player} wins game {game} ({totals}): {points} to the main ledger, and {second_points} to "
                       "{second}, second."),
    # ---------------------------------------------------------------- teams
    "table_scored": ("Pöytä {table}, jako {hand}: {winner} voittaa ({case}), {mine} vastaan {theirs}: {points} "
                     "pistettä joukkueelle {team}.",
                     "Table {table}, hand {hand}: {winner} wins ({case}), {mine} against {theirs}: {points} points "
                     "to {team}."),
    "team_hand_scored": ("Jako {hand}: {team} voittaa jaon, {net} pistettä ja 20 voitosta: {points}. Erä: {totals}.",
                         "Hand {hand}: {team} win the hand, {net} points and 20 for the win: {points}. "
                         "Game: {totals}."),
    "team_hand_even": ("Jako {hand}: joukkueet tasan, ei pisteitä. Erä: {totals}.",
                       "Hand {hand}: the teams are even, no points. Game: {totals}."),
    "team_game_won": ("{team} voitti erän {game} ({totals}): pääkirjanpitoon {points}.",
                      "{team} win game {game} ({totals}): {points} to the main ledger."),
    "table_waits": ("{player} odottaa pöydän {table} tulosta ennen kuin peli jatkuu.",
                    "{player} holds the game until table {table}'s result is known."),
    "wait_over": ("Pöydän {table} jako on päättynyt: peli jatkuu.", "Table {table}'s hand is over: play on."),
    # ---------------------------------------------------------------- impossible events
    "game_over": ("Peli on päättynyt.", "The game is over."),
    "not_a_gin_zone": ("Alue '{zone}' ei kuulu gini-rommiin (stock, pile, handN, meldsN).",
                       "Zone '{zone}' is not a gin rummy zone (stock, pile, handN, meldsN)."),
    "no_such_seat": ("Pelaajaa {seat} ei ole (pelaajat 0-{last}).", "There is no player {seat} (players 0-{last})."),
    "move_not_in_gin": ("Siirto {src} → {dst} ei kuulu gini-rommiin nyt.",
                        "A move {src} → {dst} has no place in gin rummy now."),
    "deal_not_done": ("Jako on kesken.", "The deal is not finished."),
    "no_upcard_in_eleven": ("Yhdentoista kortin jaossa avokorttia ei käännetä: {offer} aloittaa poistolla.",
                            "The 11-card deal turns no upcard: {offer} opens by discarding."),
    "upcard_not_offered": ("Avokortti on nyt pelaajan {offer} otettavissa.", "The upcard is now {offer}'s to take."),
    "no_offer": ("Avokorttia ei ole tarjolla.", "No upcard is on offer."),
    "must_draw_from_stock": ("Molemmat ohittivat avokortin: {player} nostaa pakasta.",
                             "Both passed the upcard: {player} draws from the stock."),
    "not_your_turn": ("Nyt on pelaajan {turn} vuoro.", "It is {turn}'s turn."),
    "already_drew": ("{player} on jo nostanut: nyt pannaan kortti pois.", "{player} has drawn already: now a discard."),
    "already_discarded": ("{player} pani jo kortin pois: nyt nostetaan.",
                          "{player} has discarded already: now a draw."),
    "not_pile_top": ("{card} ei ole avopakan päällimmäinen ({top}).", "{card} is not the pile's top card ({top})."),
    "pile_empty": ("Avopakka on tyhjä.", "The pile is empty."),
    "stock_empty": ("Pakka on tyhjä.", "The stock is empty."),
    "card_elsewhere": ("{card} on jo muualla ({place}).", "{card} is elsewhere already ({place})."),
    "no_cards": ("Pelaajalla {player} ei ole kortteja.", "{player} holds no cards."),
    "knock_before_draw": ("Lopettaa voi vasta nostettuaan: lopetus on vuoron poisto.",
                          "A knock is the turn's discard, after the draw."),
    "knock_not_now": ("{player} ei voi lopettaa nyt: lopettaa voi vain oman vuoronsa poistolla.",
                      "{player} cannot knock now: a knock is the discard of one's own turn."),
    "announcement_unreadable": ("Ilmoitus '{value}' ei ole pistemäärä.", "'{value}' is not a number of points."),
    "nothing_to_show": ("Kukaan ei ole lopettanut: kortteja ei pöydätä.",
                        "Nobody has knocked: no cards are laid down."),
    "showing_closed": ("Pelaajan {player} kortit on jo laskettu.", "{player}'s cards are counted already."),
    "too_many_cards": ("{player} näyttäisi {zone} mukaan {count} korttia: kädessä ei voi olla enempää kuin "
                       "{most}.",
                       "{zone} would show {player} with {count} cards: no hand holds more than {most}."),
    "melds_changed": ("Lopettajan yhdistelmistä puuttuu {cards}.", "Cards left the knocker's melds: {cards}."),
    "nothing_to_close": ("Mitään ei ole kesken näytettävänä.", "Nothing is being shown."),
    "unknown_declaration": ("'{what}' ei merkitse gini-rommissa mitään (pass, knock, gin, done, cards_missing).",
                            "'{what}' means nothing in gin rummy (pass, knock, gin, done, cards_missing)."),
    "button_not_now": ("Painike ei merkitse nyt mitään: sillä passataan avokortti tai päätetään näyttö.",
                       "The button means nothing now: it passes the upcard or ends a showing."),
    "no_such_table": ("Pöytää {table} ei ole (pöydät 0-{last}).", "There is no table {table} (tables 0-{last})."),
    "tables_mixed": ("Siirto {zones} yhdistää kahden pöydän kortit.", "The move {zones} mixes two tables' cards."),
    "which_table": ("Mikä pöytä? Nimetkää pöytä (stock0-{last}, pile0-{last}) tai pelaaja.",
                    "Which table? Name it (stock0-{last}, pile0-{last}) or the player."),
    "table_done": ("Pöydän {table} jako on päättynyt: uusi jako alkaa vasta, kun kaikki pöydät ovat päättyneet "
                   "(kesken: {left}).",
                   "Table {table}'s hand is over: a new hand begins only when every table's has (still playing: "
                   "{left})."),
    "nothing_to_wait_for": ("Mikään toinen pöytä ei ole lopettamassa: {player} ei voi jäädä odottamaan.",
                            "No other table is finishing its hand: {player} has nothing to wait for."),
    "unknown_event": ("Tapahtuma '{type}' ei kuulu gini-rommiin.", "A '{type}' event has no place in gin rummy."),
    "already_paused": ("Peli on jo tauolla.", "The game is paused already."),
    "not_paused": ("Peli ei ole tauolla.", "The game is not paused."),
})
