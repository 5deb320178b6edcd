"""The app as a home screen shows it: its name, its colours and its icons (static files made
by deploy/make-icons.sh), read by its web app manifest (views/web_app.py) and by every page's
head ({% web_app_head %})."""

NAME = "Brag referee"
THEME_COLOR = "#0b6e4f"  # app.css's --accent: the bar above a page, the icon's card
BACKGROUND_COLOR = "#f6f4ef"  # app.css's --bg: the splash screen while the app opens
ICONS = [
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/maskable-192.png", 192, "maskable"),
    ("icons/maskable-512.png", 512, "maskable"),
]
