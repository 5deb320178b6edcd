"""What every socket (the TV board's, a seat's) shares with the others of its process: its
groups, joined and left through the channel layer within the process's Redis connections and
renewed while it is open (groups), and the layer's faults, said once per interval (faults)."""
