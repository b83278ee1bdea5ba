print("ctlua")
