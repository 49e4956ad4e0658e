"""What a player of Blood on the Clocktower can work out: the chance that each player is the
Demon, or evil, given the public record (claims, information, deaths, nominations and votes)
and, for one player, what they know themselves.

``record`` is the public record and how it is read from a game; ``worlds`` the possible worlds
(who is evil and how, who is the Drunk), enumerated or, when too many, sampled; ``infer``
weighs them. Each character's unit says how its information constrains the worlds (the
``weigh`` hook, and ``public_info`` for what public events told it); a character whose unit
says nothing gives no evidence, and a script with evil characters the model does not cover
(``worlds.supported``) is left to simpler heuristics.
"""
