import SBMapCLI
print("sbmap")
